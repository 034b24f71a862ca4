import form from '../pages/Form.module.css'

/** A labelled day picker of the health forms (`YYYY-MM-DD`), up to `max`. */
export function DateField({
  label,
  value,
  max,
  onChange,
}: {
  label: string
  value: string
  max: string
  onChange: (day: string) => void
}) {
  return (
    <label className={form.field}>
      <span className={form.label}>{label}</span>
      <span className={form.inputRow}>
        <input
          className={form.input}
          type="date"
          value={value}
          max={max}
          onChange={(event) => onChange(event.target.value)}
          aria-label={label}
        />
      </span>
    </label>
  )
}

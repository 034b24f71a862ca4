import { upload } from '@/api'
import { account } from '@kinetic/protocol'
import { DotLoading } from 'antd-mobile'
import { PictureOutline } from 'antd-mobile-icons'
import { useRef, useState, type ReactNode } from 'react'
import styles from './Tickets.module.css'

/**
 * Picks images and uploads each with /v1/file (sniffed, re-encoded, owned by me on the
 * server); `onUploaded` gets the stored file. A refused file's message shows as a toast.
 */
export function ImagePicker({
  label,
  onUploaded,
  multiple = false,
  children,
}: {
  label: string
  onUploaded: (file: account.StoredFile) => void
  multiple?: boolean
  children?: ReactNode
}) {
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  const pick = async (files: FileList | null) => {
    if (!files) return
    setBusy(true)
    try {
      for (const file of Array.from(files)) onUploaded(await upload(account.uploadFile, file))
    } catch {
      // the request pipeline has shown the server's message
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <label className={styles.picker} aria-label={label} aria-busy={busy}>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple={multiple}
        hidden
        onChange={(event) => void pick(event.target.files)}
      />
      {busy ? <DotLoading /> : (children ?? <PictureOutline />)}
    </label>
  )
}

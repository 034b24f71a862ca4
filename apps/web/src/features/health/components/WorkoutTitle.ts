import { health } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'

/**
 * A workout's title is its type in the user's language; an imported file's own name is shown
 * beside it only when it says more than a type name (a file called "run" does not).
 */
export function useWorkoutTitle() {
  const { t } = useTranslation()
  return (w: Pick<health.Workout, 'type' | 'name'>) => {
    const title = t(`health.sports.types.${w.type}`)
    const name = w.name.trim()
    const plain =
      name === '' ||
      name.toLowerCase() === title.toLowerCase() ||
      (health.WORKOUT_TYPES as readonly string[]).includes(name.toLowerCase())
    return { title, name: plain ? null : name }
  }
}

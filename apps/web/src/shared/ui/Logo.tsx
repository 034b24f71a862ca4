import { useId } from 'react'
import { rem } from './rem'

/** The Kinetic mark: a "K" in motion on a blue-to-cyan tile, with a lime energy dot. */
export function Logo({ size = 72, className }: { size?: number; className?: string }) {
  const gradient = useId()
  return (
    <svg
      viewBox="0 0 64 64"
      role="img"
      aria-label="Kinetic"
      className={className}
      style={{ width: rem(size), height: rem(size) }}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f7bff" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradient})`} />
      <path
        d="M20 14v36M44 14 26 32l18 18"
        fill="none"
        stroke="#fff"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="47" cy="32" r="4" fill="#c6f432" />
    </svg>
  )
}

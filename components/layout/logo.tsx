/** The Colibri mark: a hummingbird in the two theme colours. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill="#3B5173" />
      <path d="M7 23c5-1 8-4 11-8 2-3 5-5 9-5l6-3-3 5c1 4-1 8-5 10l-4 2 2 7-5-5c-4 1-8 0-11-3Z" fill="#D19209" />
      <circle cx="27.5" cy="12.5" r="1.3" fill="#fff" />
    </svg>
  );
}

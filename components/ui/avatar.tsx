/**
 * A member's photo (a square WebP of ours, at `src`: publicFileUrl on the server, uploadsPath in the
 * browser), or their initials on a tinted disc when they have none.
 */
export function Avatar({ src, initials, alt }: { src: string | null; initials: string; alt: string }) {
  return src ? (
    // eslint-disable-next-line @next/next/no-img-element -- our own square webp
    <img src={src} alt={alt} width={96} height={96} className="size-24 rounded-full bg-neutral-100 object-cover" />
  ) : (
    <span
      aria-hidden="true"
      className="bg-secondary-light text-secondary flex size-24 items-center justify-center rounded-full text-3xl font-bold"
    >
      {initials}
    </span>
  );
}

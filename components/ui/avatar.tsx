/** A member's photo (a square WebP of ours), or their initials on a tinted disc when they have none. */
export function Avatar({ image, initials, alt }: { image: string | null; initials: string; alt: string }) {
  return image ? (
    // eslint-disable-next-line @next/next/no-img-element -- our own square webp
    <img
      src={`/uploads/${image}`}
      alt={alt}
      width={96}
      height={96}
      className="size-24 rounded-full bg-neutral-100 object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      className="bg-secondary-light text-secondary flex size-24 items-center justify-center rounded-full text-3xl font-bold"
    >
      {initials}
    </span>
  );
}

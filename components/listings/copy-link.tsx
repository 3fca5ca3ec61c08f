'use client';

/**
 * The share box's "copy link" (the Clipboard API). What happened is said in the status element the
 * server puts right after the button: kept this small, as it is in every listing page's first load.
 */
export function CopyLink({
  url,
  copied,
  failed,
  className,
  children,
}: {
  url: string;
  copied: string;
  failed: string;
  className: string;
  children: string;
}) {
  return (
    <button
      type="button"
      className={className}
      onClick={(event) => {
        const status = event.currentTarget.nextElementSibling!;
        Promise.resolve()
          .then(() => navigator.clipboard.writeText(url))
          .then(
            () => copied,
            () => failed,
          )
          .then((said) => {
            status.textContent = said;
            setTimeout(() => (status.textContent = ''), 4000);
          });
      }}
    >
      {children}
    </button>
  );
}

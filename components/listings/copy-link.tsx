'use client';
import { useState } from 'react';

/** The share box's "copy link": the Clipboard API, and a spoken "copied" (or why not) for a few seconds. */
export function CopyLink({
  url,
  labels,
  className,
}: {
  url: string;
  labels: { copy: string; copied: string; failed: string };
  className: string;
}) {
  const [said, setSaid] = useState<string | null>(null);
  const copy = async () => {
    let done = false;
    try {
      await navigator.clipboard.writeText(url);
      done = true;
    } catch {
      // no permission, or no secure context (plain http on another address)
    }
    setSaid(done ? labels.copied : labels.failed);
    setTimeout(() => setSaid(null), 4000);
  };
  return (
    <>
      <button type="button" onClick={copy} className={className}>
        {labels.copy}
      </button>
      <span role="status" className="text-sm font-semibold text-green-800">
        {said}
      </span>
    </>
  );
}

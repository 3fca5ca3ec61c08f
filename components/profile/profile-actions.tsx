'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { HeartIcon } from '@/components/ui/icons';
import { joinDialogId } from '@/components/listings/element-ids';
import { useSessionUser } from '@/lib/client/use-session-user';
import { toast } from '@/lib/client/toast';

type Viewer = {
  self: boolean;
  liked: boolean;
  canRate: boolean;
  rated: boolean;
  reported: boolean;
  blocked: boolean;
};
type Answer<T> = { success: true; data: T } | { success: false; error: { code: string; message: string } };

export type ProfileLabels = {
  like: string;
  likes: string;
  rateTitle: string;
  score: string;
  stars: string[];
  comment: string;
  submitRating: string;
  rated: string;
  cannotRate: string;
  reportOpen: string;
  reportTitle: string;
  reportAboutListing: string;
  reason: string;
  details: string;
  submitReport: string;
  reported: string;
  cancel: string;
  close: string;
  self: string;
  network: string;
  block: string;
  unblock: string;
  blockTitle: string;
  blockText: string;
  blockUndo: string;
  blocked: string;
  unblocked: string;
};

/**
 * A profile's actions, a client island over a page that is the same for everyone: like (once), rate
 * after a deal (once), report. What the signed-in viewer may do comes from the API; a visitor's
 * buttons open the "join" popover.
 */
export function ProfileActions({
  userId,
  locale,
  likes,
  reasons,
  limits,
  labels,
  reportAbout: { param: reportParam, kinds },
}: {
  userId: string;
  locale: string;
  likes: number;
  reasons: { value: string; label: string }[];
  /** lib/domain's ratingRules and reportRules (passed in: the page's script imports nothing of lib/domain). */
  limits: { maxScore: number; commentMax: number; detailsMax: number };
  labels: ProfileLabels;
  /** The query parameter naming a listing to report, and the listing kinds. */
  reportAbout: { param: string; kinds: readonly string[] };
}) {
  const user = useSessionUser();
  const router = useRouter();
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const [count, setCount] = useState(likes);
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reportError, setReportError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const report = useRef<HTMLDialogElement>(null);
  /** The listing a report is about, when the listing page's "report this listing" led here. */
  const [aboutListing, setAboutListing] = useState<{ kind: string; id: string } | null>(null);
  const blockDialog = useRef<HTMLDialogElement>(null);
  const userIdSignedIn = user?.id;

  const call = async <T,>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    try {
      const response = await fetch(`/api/user/v1/users/${encodeURIComponent(userId)}/${path}`, {
        method,
        credentials: 'include',
        headers: { 'x-locale': locale, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as Answer<T>;
    } catch {
      return { success: false, error: { code: 'NETWORK', message: labels.network } };
    }
  };

  useEffect(() => {
    if (!userIdSignedIn) return;
    // `?signaler={kind}.{id}` (lib/routes reportListingParam, handed over: the page's script imports nothing of
    // lib/routes); the API checks the kind and that the listing is theirs.
    const [kind = '', ...rest] = (new URLSearchParams(window.location.search).get(reportParam) ?? '').split('.');
    const listing = kinds.includes(kind) && rest.length ? { kind, id: rest.join('.') } : null;
    void call<{ viewer: Viewer | null; likes: number }>('GET', 'profile').then((answer) => {
      if (answer.success) {
        setViewer(answer.data.viewer);
        setCount(answer.data.likes);
        setAboutListing(listing);
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in viewer
  }, [userIdSignedIn, userId]);

  // Once the viewer's buttons (and the dialog) are on screen.
  const reportFirst = Boolean(aboutListing && viewer && !viewer.reported);
  useEffect(() => {
    if (reportFirst) report.current?.showModal();
  }, [reportFirst]);

  const button =
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border px-5 font-semibold disabled:opacity-60';
  const likeButton = (pressed: boolean, onClick?: () => void) => (
    <button
      type="button"
      aria-pressed={userIdSignedIn ? pressed : undefined}
      popoverTarget={userIdSignedIn ? undefined : joinDialogId}
      onClick={onClick}
      disabled={pending}
      className={`${button} ${pressed ? 'border-red-700 text-red-800' : 'border-secondary text-secondary'} hover:bg-secondary-light`}
    >
      <HeartIcon className="size-5" />
      {labels.like}
      <span className="text-muted font-normal">{labels.likes.replace('{count}', String(count))}</span>
    </button>
  );

  if (!userIdSignedIn || !viewer)
    return (
      <div className="flex flex-wrap gap-3">
        {likeButton(false)}
        <button
          type="button"
          popoverTarget={userIdSignedIn ? undefined : joinDialogId}
          disabled={Boolean(userIdSignedIn)}
          className={`${button} border-neutral-300 text-neutral-700 hover:bg-neutral-50`}
        >
          {labels.reportOpen}
        </button>
      </div>
    );
  if (viewer.self) return <p className="text-muted text-sm">{labels.self}</p>;

  const toggleLike = async () => {
    setPending(true);
    const answer = await call<{ count: number; liked: boolean }>(viewer.liked ? 'DELETE' : 'PUT', 'like');
    setPending(false);
    if (!answer.success) return toast(answer.error.message, 'error');
    setViewer({ ...viewer, liked: answer.data.liked });
    setCount(answer.data.count);
  };

  const rate = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    const answer = await call('POST', 'ratings', { score, comment });
    setPending(false);
    if (!answer.success) return setError(answer.error.message);
    setViewer({ ...viewer, rated: true, canRate: false });
    router.refresh();
  };

  const setBlock = async (blocked: boolean) => {
    setPending(true);
    const answer = await call<{ blocked: boolean }>(blocked ? 'PUT' : 'DELETE', 'block');
    setPending(false);
    if (!answer.success) return toast(answer.error.message, 'error');
    blockDialog.current?.close();
    setViewer({ ...viewer, blocked: answer.data.blocked });
    toast(answer.data.blocked ? labels.blocked : labels.unblocked, 'success');
  };

  const sendReport = async (event: FormEvent) => {
    event.preventDefault();
    setReportError(null);
    setPending(true);
    const answer = await call('POST', 'reports', {
      reason,
      details,
      ...(aboutListing ? { listing: aboutListing } : {}),
    });
    setPending(false);
    if (!answer.success) return setReportError(answer.error.message);
    setViewer({ ...viewer, reported: true });
    report.current?.close();
    toast(labels.reported, 'success');
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap gap-3">
        {likeButton(viewer.liked, toggleLike)}
        {viewer.reported ? (
          <p className="text-muted self-center text-sm">{labels.reported}</p>
        ) : (
          <button
            type="button"
            onClick={() => {
              setReportError(null);
              report.current?.showModal();
            }}
            className={`${button} border-neutral-300 text-neutral-700 hover:bg-neutral-50`}
          >
            {labels.reportOpen}
          </button>
        )}
        <button
          type="button"
          disabled={pending}
          onClick={() => (viewer.blocked ? void setBlock(false) : blockDialog.current?.showModal())}
          className={`${button} ${viewer.blocked ? 'border-secondary text-secondary' : 'border-red-700 text-red-800'} hover:bg-neutral-50`}
        >
          {viewer.blocked ? labels.unblock : labels.block}
        </button>
      </div>
      {viewer.blocked ? <p className="text-muted text-sm">{labels.blocked}</p> : null}

      {viewer.canRate ? (
        <form
          onSubmit={rate}
          className="flex flex-col gap-3 rounded-2xl border border-neutral-200 p-4"
          aria-labelledby="rate-title"
        >
          <h2 id="rate-title" className="text-secondary font-bold">
            {labels.rateTitle}
          </h2>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-semibold">{labels.score}</legend>
            <div className="flex flex-wrap gap-2">
              {Array.from({ length: limits.maxScore }, (_, i) => i + 1).map((value) => (
                <label
                  key={value}
                  className={`flex min-h-11 cursor-pointer items-center gap-1 rounded-full border px-3 ${score === value ? 'border-secondary bg-secondary-light' : 'border-neutral-300'}`}
                >
                  <input
                    type="radio"
                    name="score"
                    value={value}
                    checked={score === value}
                    onChange={() => setScore(value)}
                    className="accent-secondary"
                  />
                  <span aria-hidden="true">{'★'.repeat(value)}</span>
                  <span className="sr-only">{labels.stars[value - 1]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label className="flex flex-col gap-1.5 text-sm font-semibold">
            {labels.comment}
            <textarea
              value={comment}
              maxLength={limits.commentMax}
              onChange={(event) => setComment(event.target.value)}
              rows={3}
              className="rounded-lg border border-neutral-300 p-3 text-base font-normal"
            />
          </label>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={pending || !score}
            className={`${button} bg-secondary w-fit border-transparent text-white`}
          >
            {labels.submitRating}
          </button>
        </form>
      ) : (
        <p className="text-muted text-sm">{viewer.rated ? labels.rated : labels.cannotRate}</p>
      )}

      <dialog
        ref={blockDialog}
        aria-labelledby="block-title"
        aria-describedby="block-text"
        className="text-ink m-auto w-[min(92vw,28rem)] rounded-2xl bg-white p-6 shadow-2xl"
      >
        <h2 id="block-title" className="text-secondary text-xl font-bold">
          {labels.blockTitle}
        </h2>
        <div id="block-text" className="mt-3 flex flex-col gap-3">
          <p>{labels.blockText}</p>
          <p className="text-muted text-sm">{labels.blockUndo}</p>
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={() => blockDialog.current?.close()}
            className={`${button} border-secondary text-secondary`}
          >
            {labels.cancel}
          </button>
          <button
            type="button"
            disabled={pending}
            onClick={() => void setBlock(true)}
            className={`${button} border-transparent bg-red-700 text-white`}
          >
            {labels.block}
          </button>
        </div>
      </dialog>

      <dialog
        ref={report}
        aria-labelledby="report-title"
        className="text-ink m-auto w-[min(92vw,28rem)] rounded-2xl bg-white p-6 shadow-2xl"
      >
        <form onSubmit={sendReport} className="flex flex-col gap-4">
          <h2 id="report-title" className="text-secondary text-xl font-bold">
            {labels.reportTitle}
          </h2>
          {aboutListing ? <p className="text-muted text-sm">{labels.reportAboutListing}</p> : null}
          <label className="flex flex-col gap-1.5 text-sm font-semibold">
            {labels.reason}
            <select
              required
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className="min-h-12 rounded-lg border border-neutral-300 bg-white px-3 text-base font-normal"
            >
              <option value="" disabled>
                —
              </option>
              {reasons.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-semibold">
            {labels.details}
            <textarea
              value={details}
              maxLength={limits.detailsMax}
              onChange={(event) => setDetails(event.target.value)}
              rows={4}
              className="rounded-lg border border-neutral-300 p-3 text-base font-normal"
            />
          </label>
          {reportError ? (
            <p role="alert" className="text-sm text-red-700">
              {reportError}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <button
              type="button"
              onClick={() => report.current?.close()}
              className={`${button} border-secondary text-secondary`}
            >
              {labels.cancel}
            </button>
            <button
              type="submit"
              disabled={pending || !reason}
              className={`${button} border-transparent bg-red-700 text-white`}
            >
              {labels.submitReport}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}

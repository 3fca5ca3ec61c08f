// A tiny toast store: at most 3 toasts visible, each hidden after 5000 ms (specification, section 9).

export type ToastKind = 'success' | 'error' | 'info';
export type Toast = { id: number; kind: ToastKind; message: string };

export const maxVisibleToasts = 3;
export const toastDuration = 5000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  const before = toasts.length;
  toasts = toasts.filter((t) => t.id !== id);
  if (toasts.length !== before) emit();
}

/** Shows a translated message; the oldest toast leaves when a fourth arrives. */
export function toast(message: string, kind: ToastKind = 'info'): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message }];
  while (toasts.length > maxVisibleToasts) {
    const oldest = toasts[0];
    if (oldest) dismissToast(oldest.id);
  }
  timers.set(
    id,
    setTimeout(() => dismissToast(id), toastDuration),
  );
  emit();
  return id;
}

export function getToasts(): Toast[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const emptyToasts: Toast[] = [];
export function getServerToasts(): Toast[] {
  return emptyToasts;
}

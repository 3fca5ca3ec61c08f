import 'server-only';
import { env } from '@/lib/env';

// The time the product's rules read (listing dates, unread-message delays, lifecycle sweeps). Tests
// move it with setClock(); everything else reads the real time. Database defaults (now()) stay real:
// rules that compare with the clock pass it to their queries.

// A worker process started by a test follows that test's clock (TEST_CLOCK is refused outside tests).
let shift = env.TEST_CLOCK ? Date.parse(env.TEST_CLOCK) - Date.now() : 0;

/** The current time as the rules see it. */
export function now(): Date {
  return new Date(Date.now() + shift);
}

/** Tests only: make now() answer `to` from here on (null: the real time again). */
export function setClock(to: Date | null): void {
  shift = to ? to.getTime() - Date.now() : 0;
}

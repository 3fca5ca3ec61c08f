// The instance's life after SIGTERM (CONTRACT.md "Operations"): the server (scripts/server.mjs)
// marks it draining, then runs what each part registered to end its work cleanly (live streams get
// a reconnect hint, running jobs finish or go back to the queue), then closes the database. Plain
// JavaScript so that scripts/server.mjs can import it as it is; the state lives once per process
// (lib/server/process-shared.mjs).
import { processShared } from './process-shared.mjs';

/** @typedef {{ draining: boolean, hooks: Map<string, () => Promise<void> | void> }} Lifecycle */

/** @returns {Lifecycle} */
function state() {
  return processShared('lifecycle', () => ({ draining: false, hooks: new Map() }));
}

/** True once SIGTERM was received: readiness answers 503, new work is not started. */
export function isDraining() {
  return state().draining;
}

/**
 * Registers what must run when the instance drains, under a name (registering a name again replaces
 * its hook: a module loaded twice registers once).
 * @param {string} name
 * @param {() => Promise<void> | void} hook
 */
export function onDrain(name, hook) {
  state().hooks.set(name, hook);
}

/**
 * Marks the instance draining and runs every hook at once, each given at most `timeoutMs`; a hook
 * that fails or is late is logged, not waited for.
 * @param {number} timeoutMs
 * @param {(message: string, error?: unknown) => void} [warn]
 */
export async function drain(timeoutMs, warn = (message, error) => console.warn(message, error ?? '')) {
  const current = state();
  current.draining = true;
  await Promise.all(
    [...current.hooks].map(async ([name, hook]) => {
      let timer;
      const late = new Promise((resolve) => {
        timer = setTimeout(() => resolve('late'), timeoutMs);
      });
      try {
        const outcome = await Promise.race([Promise.resolve().then(hook), late]);
        if (outcome === 'late') warn(`[drain] ${name} did not finish within ${timeoutMs} ms`);
      } catch (error) {
        warn(`[drain] ${name} failed`, error);
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}

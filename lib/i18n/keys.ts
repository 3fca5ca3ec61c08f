import type { Messages } from './messages';

/** The keys of a flat namespace such as `Validation` or `Countries`, derived from messages/fr.json. */
export type KeyOf<N extends keyof Messages> = Extract<keyof Messages[N], string>;

/** The namespaces that have all the given texts (say every page namespace with a `metaTitle`). */
export type NamespaceWith<K extends string> = {
  [N in keyof Messages]: Messages[N] extends Record<K, string> ? N : never;
}[keyof Messages];

/** Whether a key that arrives as a string (a zod issue, an error's field) names one of `texts`. */
export function isKeyOf<T extends object>(texts: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(texts, key);
}

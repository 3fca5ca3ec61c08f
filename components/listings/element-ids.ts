// Element ids shared by server and client components (a constant exported from a 'use client'
// module reaches server components as a client reference, not as its value).
export const joinDialogId = 'join-dialog';
/** The first card of a list (`eagerFirst`), which the list's first paint waits for (listing-card.tsx). */
export const firstCardId = 'first-card';

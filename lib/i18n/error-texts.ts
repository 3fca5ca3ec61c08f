import type { Messages } from './messages';

/** The texts of the error pages (app/[locale]/error.tsx and app/global-error.tsx). */
export type ErrorTexts = { title: string; text: string; retry: string; home: string };

export function errorTexts(messages: Pick<Messages, 'Common' | 'NotFound'>): ErrorTexts {
  return {
    title: messages.Common.errorTitle,
    text: messages.Common.errorText,
    retry: messages.Common.retry,
    home: messages.NotFound.home,
  };
}

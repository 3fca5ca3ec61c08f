import 'server-only';
import { getMessages, getTranslations } from 'next-intl/server';
import { isKeyOf } from './keys';

/** Translates validation messages: a `Validation` key becomes its text, any other message stays as it is. */
export async function getValidationText(): Promise<(message: string) => string> {
  const [v, messages] = await Promise.all([getTranslations('Validation'), getMessages()]);
  return (message) => (isKeyOf(messages.Validation, message) ? v(message) : message);
}

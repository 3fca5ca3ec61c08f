import { apiFetch, ApiError } from '@/lib/client/api';

export type NewsletterTexts = { sending: string; sent: string; network: string };

/** Sends the footer's form as JSON (POST /newsletter) and says the outcome under it. */
export async function submitNewsletter(form: HTMLFormElement, outcomeId: string, texts: NewsletterTexts) {
  const data = new FormData(form);
  const button = form.querySelector('button[type="submit"]');
  const outcome = document.getElementById(outcomeId);
  if (!(button instanceof HTMLButtonElement) || !outcome || button.disabled) return;
  const label = button.textContent;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  button.textContent = texts.sending;
  try {
    await apiFetch('newsletter', {
      body: { email: data.get('email'), locale: data.get('locale') },
      locale: form.dataset.prefix ?? 'fr',
      networkMessage: texts.network,
    });
    outcome.textContent = texts.sent;
    outcome.dataset.tone = 'sent';
    form.reset();
  } catch (error) {
    outcome.textContent = error instanceof ApiError ? (error.fields.email ?? error.message) : texts.network;
    outcome.dataset.tone = 'error';
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
    button.textContent = label;
  }
}

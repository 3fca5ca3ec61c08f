import { fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import fr from '@/messages/fr.json';
import en from '@/messages/en.json';
import tn from '@/messages/tn.json';
import ar from '@/messages/ar.json';
import { errorTexts } from '@/lib/i18n/error-texts';
import { ErrorTextsProvider } from './error-page';
import PageError from '@/app/[locale]/error';

let pathname = '/fr';
jest.mock('next/navigation', () => ({ usePathname: () => pathname }));

// next.config.ts inlines these into app/global-error.tsx at build time.
// eslint-disable-next-line no-restricted-properties -- standing in for the build
process.env.GLOBAL_ERROR_TEXTS = JSON.stringify({
  fr: errorTexts(fr),
  en: errorTexts(en),
  tn: errorTexts(tn),
  ar: errorTexts(ar),
});

describe('the error page inside the layout (app/[locale]/error.tsx)', () => {
  it.each([
    ['fr', fr, 'Une erreur est survenue', 'Réessayer', 'Retour à l’accueil'],
    ['ar', ar, 'حدث خطأ', 'أعد المحاولة', 'العودة إلى الصفحة الرئيسية'],
  ] as const)(
    '%s: translated texts from the layout, a link home, and a retry button',
    (prefix, messages, title, retry, home) => {
      const retryFn = jest.fn();
      render(
        <ErrorTextsProvider prefix={prefix} texts={errorTexts(messages)}>
          <PageError error={new Error('boom')} retry={retryFn} />
        </ErrorTextsProvider>,
      );
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
      expect(screen.getByRole('link', { name: home })).toHaveAttribute('href', `/${prefix}`);
      expect(retryFn).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: retry }));
      expect(retryFn).toHaveBeenCalledTimes(1);
    },
  );

  it('needs the layout’s texts', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<PageError error={new Error('boom')} retry={() => {}} />)).toThrow(
      'ErrorTextsProvider missing',
    );
    error.mockRestore();
  });
});

describe('the error page of a failed root layout (app/global-error.tsx)', () => {
  // Loaded after GLOBAL_ERROR_TEXTS is set, as the build inlines it before the module runs.
  const load = () => jest.requireActual<typeof import('@/app/global-error')>('@/app/global-error').default;

  it.each([
    ['/tn/colis', 'ar-TN', 'rtl', 'صارت مشكلة', 'عاود جرّب'],
    ['/en/faq', 'en', 'ltr', 'Something went wrong', 'Try again'],
    ['/xx/unknown', 'fr', 'ltr', 'Une erreur est survenue', 'Réessayer'],
  ])('%s: its own document in the URL’s language', (path, lang, dir, title, retry) => {
    pathname = path;
    const GlobalError = load();
    const html = renderToStaticMarkup(<GlobalError error={new Error('boom')} retry={() => {}} />);
    expect(html).toMatch(new RegExp(`^<html lang="${lang}" dir="${dir}"`));
    expect(html).toContain(`<h1 class="text-secondary text-3xl font-bold">${title}</h1>`);
    expect(html).toContain(`>${retry}</button>`);
  });

  it('its button retries', () => {
    pathname = '/ar';
    const GlobalError = load();
    const retry = jest.fn();
    // React renders <html> and <body> as the root's own; here they sit in the test's container.
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<GlobalError error={new Error('boom')} retry={retry} />);
    error.mockRestore();
    fireEvent.click(screen.getByRole('button', { name: 'أعد المحاولة' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute('href', '/ar');
  });
});

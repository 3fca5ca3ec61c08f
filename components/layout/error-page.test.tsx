import { fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import fr from '@/messages/fr.json';
import ar from '@/messages/ar.json';
import { errorTexts } from '@/lib/i18n/error-texts';
import { BoundaryTextsProvider } from './boundary-texts';
import PageError from '@/app/[locale]/error';
import { globalErrorEnv } from '@/lib/i18n/global-error-env';

let pathname = '/fr';
jest.mock('next/navigation', () => ({ usePathname: () => pathname }));

// next.config.ts inlines these into app/global-error.tsx at build time: its own env, as the build has it.
// eslint-disable-next-line no-restricted-properties -- standing in for the build
Object.assign(process.env, globalErrorEnv);

describe('the error page inside the layout (app/[locale]/error.tsx)', () => {
  it.each([
    ['fr', fr, 'Une erreur est survenue', 'Réessayer', 'Retour à l’accueil'],
    ['ar', ar, 'حدث خطأ', 'أعد المحاولة', 'العودة إلى الصفحة الرئيسية'],
  ] as const)(
    '%s: translated texts from the layout, a link home, and a retry button',
    (prefix, messages, title, retry, home) => {
      const retryFn = jest.fn();
      render(
        <BoundaryTextsProvider
          prefix={prefix}
          error={errorTexts(messages)}
          notFound={{ metaTitle: '', title: '', text: '', home: '', parcels: '', trips: '', faq: '' }}
        >
          <PageError error={new Error('boom')} retry={retryFn} />
        </BoundaryTextsProvider>,
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
      'BoundaryTextsProvider missing',
    );
    error.mockRestore();
  });
});

describe('the error page of a failed root layout (app/global-error.tsx)', () => {
  // Loaded after GLOBAL_ERROR_TEXTS is set, as the build inlines it before the module runs.
  const load = () => jest.requireActual<typeof import('@/app/global-error')>('@/app/global-error').default;
  const loadBody = () => jest.requireActual<typeof import('./global-error-body')>('./global-error-body').default;

  it.each([
    ['/tn/colis', 'ar-TN', 'rtl'],
    ['/en/faq', 'en', 'ltr'],
    ['/xx/unknown', 'fr', 'ltr'],
  ])('%s: its own document in the URL’s language', (path, lang, dir) => {
    pathname = path;
    const GlobalError = load();
    const html = renderToStaticMarkup(<GlobalError error={new Error('boom')} retry={() => {}} />);
    expect(html).toMatch(new RegExp(`^<html lang="${lang}" dir="${dir}"`));
  });

  it.each([
    ['tn', 'صارت مشكلة', 'عاود جرّب'],
    ['en', 'Something went wrong', 'Try again'],
    ['fr', 'Une erreur est survenue', 'Réessayer'],
  ] as const)('%s: the texts of its language, built into its own chunk', (prefix, title, retry) => {
    const Body = loadBody();
    const html = renderToStaticMarkup(<Body prefix={prefix} retry={() => {}} />);
    expect(html).toContain(`<h1 class="text-secondary text-3xl font-bold">${title}</h1>`);
    expect(html).toContain(`>${retry}</button>`);
  });

  it('loads its page when it is shown, and its button retries', async () => {
    pathname = '/ar';
    const GlobalError = load();
    const retry = jest.fn();
    // React renders <html> and <body> as the root's own; here they sit in the test's container.
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<GlobalError error={new Error('boom')} retry={retry} />);
    fireEvent.click(await screen.findByRole('button', { name: 'أعد المحاولة' }));
    error.mockRestore();
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute('href', '/ar');
  });
});

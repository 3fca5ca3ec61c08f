import { errorTexts } from './error-texts';
import { isRtl, prefixes, prefixLocale, type Prefix } from './locales';
import fr from '../../messages/fr.json';
import en from '../../messages/en.json';
import tn from '../../messages/tn.json';
import ar from '../../messages/ar.json';

// app/global-error.tsx replaces the root layout when that fails, so no layout hands it anything:
// next.config.ts inlines these constants into its code at build time, per URL prefix: the texts
// (instead of whole message files), and the document's lang and dir (so that every page's first
// load, which carries the boundary, does not carry the locale table a second time).

const messages = { fr, en, tn, ar } satisfies Record<Prefix, unknown>;
const perPrefix = <T>(value: (prefix: Prefix) => T) =>
  JSON.stringify(Object.fromEntries(prefixes.map((prefix) => [prefix, value(prefix)])));

export const globalErrorEnv = {
  GLOBAL_ERROR_TEXTS: perPrefix((prefix) => errorTexts(messages[prefix])),
  GLOBAL_ERROR_DOCUMENTS: perPrefix((prefix) => {
    const lang = prefixLocale(prefix);
    return { lang, dir: isRtl(lang) ? 'rtl' : 'ltr' };
  }),
};

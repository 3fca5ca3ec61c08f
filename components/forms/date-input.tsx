'use client';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type InputHTMLAttributes,
  type Ref,
} from 'react';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { formatIsoDay, formatIsoTime } from '@/lib/intl-dates';

const never = () => () => {};
const pageLocale = (): Locale => {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : 'fr';
};

// The input's own text, hidden under the face: its parts in Chromium and Safari (the input keeps its
// colour, for contrast checks), its colour in Firefox, which has no such parts.
const hideOwnText = '[&::-webkit-datetime-edit]:opacity-0 supports-[-moz-appearance:none]:text-transparent';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** `date` holds "YYYY-MM-DD", `time` holds "HH:MM", as the native inputs and the API do. */
  kind?: 'date' | 'time';
  /** The shown value's type size and weight where the input sets its own (`text-base` by default). */
  faceClassName?: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A native date or time input (it keeps the name, the ISO value, the label, the keyboard, the screen
 * reader's handling and the phone's own picker) whose value is shown in the page's language and on a
 * 24-hour clock: the browser would write it in its own ("03/12/2027", "10:00 PM"). The native text comes
 * back while the visitor types in it, and stays until the script has run. `placeholder` is what an
 * empty field says. See docs/decisions/0033-date-fields-read-in-the-page-language.md.
 */
export function DateInput({
  kind = 'date',
  placeholder,
  className = '',
  faceClassName = 'text-base',
  ref,
  onChange,
  onBlur,
  onKeyDown,
  ...input
}: Props) {
  const own = useRef<HTMLInputElement | null>(null);
  // After hydration only (null on the server): the server and the browser may not format alike, and
  // without a script the shown value would not follow the input.
  const locale = useSyncExternalStore(never, pageLocale, () => null);
  const [domValue, setDomValue] = useState('');
  const [typing, setTyping] = useState(false);
  const value = typeof input.value === 'string' ? input.value : domValue;

  const setRef = useCallback(
    (element: HTMLInputElement | null) => {
      own.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
      // react-hook-form writes the default value while it takes the ref.
      if (element) setDomValue(element.value);
    },
    [ref],
  );

  // Values written without an event (a form's reset, react-hook-form's reset or setValue) are read back.
  useEffect(() => {
    const element = own.current;
    if (!element) return;
    const sync = () => setDomValue(element.value);
    const later = () => setTimeout(sync);
    const form = element.form;
    form?.addEventListener('reset', later);
    element.addEventListener('focus', sync);
    return () => {
      form?.removeEventListener('reset', later);
      element.removeEventListener('focus', sync);
    };
  }, []);

  const text = locale ? (kind === 'date' ? formatIsoDay(value, locale) : formatIsoTime(value, locale)) : '';
  const face = locale !== null && !typing;
  // Chromium draws its calendar button on the right in both directions: the text keeps clear of it.
  return (
    <span dir={input.dir} className="relative flex flex-col">
      <input
        ref={setRef}
        type={kind}
        className={`${className} ${face ? hideOwnText : ''}`}
        onChange={(event) => {
          setDomValue(event.target.value);
          onChange?.(event);
        }}
        onBlur={(event) => {
          setTyping(false);
          setDomValue(event.target.value);
          onBlur?.(event);
        }}
        onKeyDown={(event) => {
          // Typing edits the browser's own fields, in its order: they are shown while it lasts.
          if (!['Tab', 'Shift', 'Escape', 'Enter'].includes(event.key)) setTyping(true);
          onKeyDown?.(event);
        }}
        onClick={(event) => {
          // A click opens the picker, as a tap does on a phone (the desktop would select a part of the text).
          try {
            event.currentTarget.showPicker?.();
          } catch {
            // Not allowed here (a frame, no user gesture): the input still works by keyboard.
          }
        }}
        {...input}
      />
      {face ? (
        <span
          aria-hidden="true"
          className={`pointer-events-none absolute inset-y-0 start-0 end-9 flex items-center overflow-hidden ps-3 whitespace-nowrap rtl:end-3 rtl:ps-10 ${faceClassName} ${text ? '' : 'text-muted'} ${input.disabled ? 'opacity-50' : ''}`}
        >
          {text || placeholder || (kind === 'time' ? '--:--' : '')}
        </span>
      ) : null}
    </span>
  );
}

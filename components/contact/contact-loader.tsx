'use client';
import { enhanceLater } from '@/components/forms/enhance-later';

/**
 * The contact page's only script in the first load: the form's live part (react-hook-form, its
 * checks, the captcha) comes later (./contact-form.tsx).
 */
export const ContactLoader = enhanceLater(() => import('./contact-form').then((module) => module.ContactForm));

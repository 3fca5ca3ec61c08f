import { z } from '@/lib/zod';
import { locales } from '@/lib/i18n/locales';
import { email } from './auth';

export const newsletterSchema = z.object({ email, locale: z.enum(locales).default('fr') });

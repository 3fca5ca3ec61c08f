import { z } from 'zod';
import { email } from './auth';

export const newsletterSchema = z.object({ email, locale: z.enum(['fr', 'en', 'ar-TN', 'ar']).default('fr') });

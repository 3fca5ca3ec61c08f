import 'server-only';
import { z } from 'zod';

// Runtime configuration of CONTRACT.md, parsed once. Every variable is optional.
const schema = z.object({
  SITE_URL: z.url().default('http://localhost:3000'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().optional(),
});

export const env = schema.parse({
  SITE_URL: process.env.SITE_URL || undefined,
  DATA_DIR: process.env.DATA_DIR || undefined,
  DATABASE_URL: process.env.DATABASE_URL || undefined,
});

export const siteUrl = env.SITE_URL.replace(/\/+$/, '');

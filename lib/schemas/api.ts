import { z } from '@/lib/zod';
import { errorCatalogue, type ErrorCode } from '@/lib/errors';

// The envelope of every answer (CONTRACT.md "HTTP API").

/** A call that has nothing to return answers `{ "success": true, "data": null }`. */
export const acknowledgementSchema = z.null();

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.object({
    code: z
      .enum(Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]])
      .meta({ description: 'Stable machine code of the error catalogue.' }),
    message: z.string().meta({ description: 'Translated into the caller’s language (X-Locale).' }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'VALIDATION_FAILED: a translated message per invalid field (dotted path).' }),
    retryAfter: z
      .number()
      .int()
      .positive()
      .optional()
      .meta({ description: 'With a Retry-After header (429, 503): the same seconds.' }),
  }),
});

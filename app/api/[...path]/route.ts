import { unknownApiPath } from '@/lib/server/http/route';

// Any path under /api/ that no route file defines (better-auth keeps /api/auth/*), in any method:
// 404 in the envelope (CONTRACT.md "HTTP API"), not Next's HTML page.
export const GET = unknownApiPath;
export const POST = unknownApiPath;
export const PUT = unknownApiPath;
export const PATCH = unknownApiPath;
export const DELETE = unknownApiPath;
export const OPTIONS = unknownApiPath;

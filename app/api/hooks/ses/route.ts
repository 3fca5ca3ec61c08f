import { sesHook } from '@/lib/server/http/hooks';
import { unknownApiPath } from '@/lib/server/http/route';

// POST /api/hooks/ses: Amazon SES's bounces and complaints, through SNS (signatures verified)
export const POST = sesHook;

// Every other method: as if the path did not exist.
export { unknownApiPath as GET, unknownApiPath as PUT, unknownApiPath as PATCH, unknownApiPath as DELETE };

import { twilioStatusHook } from '@/lib/server/http/hooks';
import { unknownApiPath } from '@/lib/server/http/route';

// POST /api/hooks/twilio/status?message=: Twilio's status callback of a phone code's message
export const POST = twilioStatusHook;

// Every other method: as if the path did not exist.
export { unknownApiPath as GET, unknownApiPath as PUT, unknownApiPath as PATCH, unknownApiPath as DELETE };

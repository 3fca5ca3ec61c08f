import { getAuth } from '@/lib/server/auth';

// better-auth's own endpoints: social sign-in redirects and callbacks.
async function handle(request: Request) {
  return (await getAuth()).handler(request);
}

export { handle as GET, handle as POST };

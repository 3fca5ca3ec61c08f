'use client';
import { ErrorPage } from '@/components/layout/error-page';
import { useErrorTexts } from '@/components/layout/boundary-texts';
import { localPath } from '@/lib/i18n/paths';

// A page that fails to render: the translated message inside the site's header and footer. retry()
// fetches the page from the server again, then resets the boundary (reset() alone would render
// the same failed server payload again).
export default function PageError({ retry }: { error: unknown; retry: () => void }) {
  const { prefix, texts } = useErrorTexts();
  return <ErrorPage texts={texts} homeHref={localPath(prefix, '')} retry={retry} />;
}

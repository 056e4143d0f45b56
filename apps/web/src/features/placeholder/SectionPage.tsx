import { PageHeader } from '@/components/PageHeader';

/**
 * A screen whose feature has not landed yet shows only its title (as the
 * foundation issue allows); each feature issue replaces its entry in the router.
 */
export function SectionPage({ title }: { title: string }) {
  return <PageHeader title={title} />;
}

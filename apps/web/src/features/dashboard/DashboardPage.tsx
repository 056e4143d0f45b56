import { PageHeader } from '@/components/PageHeader';
import { useSession } from '@/lib/session';

export default function DashboardPage() {
  const { session } = useSession();
  const nombre = session?.profile.nombre ?? 'Usuario';
  return <PageHeader title={`¡Hola, ${nombre}!`} description="Bienvenido a tu panel de control. Aquí tienes un resumen de tu práctica legal." />;
}

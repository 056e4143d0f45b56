import { Bot, Briefcase, CalendarDays, Lock, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { Button } from '@/components/ui/button';

const FEATURES = [
  { icon: Briefcase, title: 'Gestión de Casos', text: 'Organiza cada asunto con su estado, prioridad, fechas de vencimiento, documentos y notas.' },
  { icon: Users, title: 'Base de Clientes', text: 'Toda la información de tus clientes en un solo lugar, con acceso rápido por email y WhatsApp.' },
  { icon: Lock, title: 'Bóveda de Documentos Segura', text: 'Guarda y consulta tus documentos privados, con vista previa y búsqueda por su contenido.' },
  { icon: CalendarDays, title: 'Calendario Integrado', text: 'Audiencias, citas y plazos en tu agenda, sincronizada con Google Calendar.' },
  { icon: Bot, title: 'Asistente Legal con IA', text: 'Analiza documentos, redacta escritos y prepara estrategias con tu propio material como contexto.' },
  { icon: ShieldCheck, title: 'Seguridad Avanzada', text: 'Cada dato pertenece solo a tu cuenta: sesiones seguras, archivos privados y acceso cifrado.' },
] as const;

export default function LandingPage() {
  return (
    <div className="flex min-h-full flex-col bg-white">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to="/" className="flex items-center gap-2 text-brand">
            <BrandMark className="size-8" />
            <span className="text-xl font-bold tracking-tight">Bufete</span>
          </Link>
          <nav className="flex items-center gap-1 sm:gap-2" aria-label="Cuenta">
            <Button asChild variant="ghost" size="sm" className="sm:h-10 sm:px-4 sm:text-sm">
              <Link to="/login">Iniciar Sesión</Link>
            </Button>
            <Button asChild size="sm" className="sm:h-10 sm:px-4 sm:text-sm">
              <Link to="/register">Registrarse</Link>
            </Button>
          </nav>
        </div>
      </header>

      <main className="flex-1">
        <section className="bg-gradient-to-b from-blue-50 to-white">
          <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
            <p className="mb-4 inline-block rounded-full bg-blue-100 px-3 py-1 text-sm font-medium text-blue-800">Para abogados independientes</p>
            <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              Gestiona tu despacho legal con <span className="text-primary">inteligencia artificial</span>
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
              Casos, clientes y documentos en un solo lugar, con un asistente de IA integrado que trabaja con tu propio material.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to="/register">Comenzar Gratis</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/demo">Ver Demo</Link>
              </Button>
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="features-title">
          <h2 id="features-title" className="text-center text-3xl font-bold text-slate-900">
            Todo lo que tu práctica necesita
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">Herramientas pensadas para el día a día de un abogado, en español.</p>
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <article key={title} className="rounded-xl border border-border bg-white p-6 shadow-sm">
                <span className="inline-flex size-11 items-center justify-center rounded-lg bg-blue-100 text-primary">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="bg-brand">
          <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
            <h2 className="text-3xl font-bold text-white">¿Listo para modernizar tu práctica?</h2>
            <p className="mt-3 text-blue-100">Cientos de abogados ya gestionan sus casos con Bufete.</p>
            <Button asChild size="lg" variant="secondary" className="mt-8 bg-white text-brand hover:bg-blue-50">
              <Link to="/register">Comenzar Ahora</Link>
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t border-border bg-white">
        <div className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-slate-600 sm:px-6">© {new Date().getFullYear()} Bufete. Todos los derechos reservados.</div>
      </footer>
    </div>
  );
}

import { DiagnosticPage } from './DiagnosticPage';

export default function TestEmailPage() {
  return (
    <DiagnosticPage
      endpoint="email"
      title="Diagnóstico de email"
      description="Comprueba el transporte de correo y envía un email de prueba y uno de confirmación a la dirección que indiques."
    />
  );
}

import { DiagnosticPage } from './DiagnosticPage';

export default function TestAuthPage() {
  return (
    <DiagnosticPage
      endpoint="auth"
      title="Diagnóstico de autenticación"
      description="Comprueba la API, la base de datos, el registro y el envío de los emails de confirmación y de recuperación (se envían como prueba; no se crea ninguna cuenta)."
    />
  );
}

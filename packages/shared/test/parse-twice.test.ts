import { describe, expect, it } from 'vitest';
import {
  casoCreateSchema,
  casoUpdateSchema,
  changePasswordSchema,
  clienteSaveSchema,
  recordatorioCreateSchema,
  forgotPasswordSchema,
  loginSchema,
  noteCreateSchema,
  noteUpdateSchema,
  profileUpdateSchema,
  registerSchema,
  etiquetaCreateSchema,
  z,
} from '../src';

const id = '3f2b8c1e-7a4d-4e2b-9c1a-5d6e7f8a9b0c';

/**
 * The rule of docs/decisions/0006: forms send what the person typed, the
 * server parses it; a schema must accept its own output, so parsing twice
 * is harmless. Each form is tried the way most people leave it: optional
 * fields blank.
 */
const forms: [string, z.ZodType, unknown[]][] = [
  [
    'registro',
    registerSchema,
    [
      { nombre: 'Ana', apellido: 'Ruiz', email: 'Ana@Example.com', especialidad: '', password: 'secreto-del-despacho', confirmPassword: 'secreto-del-despacho' },
      { nombre: 'Ana', apellido: 'Ruiz', email: 'ana@example.com', password: 'secreto-del-despacho', confirmPassword: 'secreto-del-despacho' },
      { nombre: 'Ana', apellido: 'Ruiz', email: 'ana@example.com', especialidad: ' Penal ', password: 'secreto-del-despacho', confirmPassword: 'secreto-del-despacho' },
    ],
  ],
  ['inicio de sesión', loginSchema, [{ email: ' ana@example.com ', password: 'secreto' }]],
  ['recuperación', forgotPasswordSchema, [{ email: 'ana@example.com' }]],
  ['perfil', profileUpdateSchema, [{ nombre: 'Ana', apellido: 'Ruiz', especialidad: '', telefono: '' }, { especialidad: 'Civil' }, {}]],
  ['contraseña', changePasswordSchema, [{ currentPassword: 'x', newPassword: 'secreto-del-despacho', confirmPassword: 'secreto-del-despacho' }]],
  [
    'caso nuevo',
    casoCreateSchema,
    [
      { titulo: 'Caso', descripcion: '', cliente_id: '', fecha_vencimiento: '' },
      { titulo: 'Caso' },
      { titulo: 'Caso', descripcion: 'Algo', estado: 'Activo', prioridad: 'Alta', cliente_id: id, fecha_vencimiento: '2027-01-31' },
    ],
  ],
  ['editar caso', casoUpdateSchema, [{ titulo: 'Caso', descripcion: '', estado: 'Cerrado', prioridad: 'Baja', cliente_id: '', fecha_vencimiento: '' }, { estado: 'Cerrado' }]],
  [
    'cliente',
    clienteSaveSchema,
    [
      { nombre: 'Ana', email: '', telefono: '', empresa: '', direccion: '' },
      { nombre: 'Ana', email: 'ANA@x.mx' },
    ],
  ],
  [
    'email a cliente',
    recordatorioCreateSchema,
    [
      { cliente_id: id, subject: 'Cita', message: 'Hola', scheduled_for: '' },
      { cliente_id: id, subject: 'Cita', message: 'Hola', scheduled_for: '2030-01-02T04:00:00-06:00' },
    ],
  ],
  ['nota nueva', noteCreateSchema, [{ titulo: 'Nota' }, { titulo: 'Nota', caso_id: '', cliente_id: '', etiqueta_ids: [] }]],
  ['editar nota', noteUpdateSchema, [{ titulo: 'Nota', caso_id: '', etiqueta_ids: [id] }, { is_favorita: true }]],
  ['etiqueta', etiquetaCreateSchema, [{ nombre: 'urgente' }]],
];

describe('cada formulario: lo que se escribe se acepta, y analizarlo dos veces no cambia nada', () => {
  for (const [name, schema, inputs] of forms) {
    it(name, () => {
      for (const input of inputs) {
        const once = schema.safeParse(input);
        expect(once.success, `${name}: ${JSON.stringify(input)} → ${once.error?.issues[0]?.message}`).toBe(true);
        const twice = schema.safeParse(once.data);
        expect(twice.success, `${name}: la salida ${JSON.stringify(once.data)} no se acepta → ${twice.error?.issues[0]?.message}`).toBe(true);
        expect(twice.data).toEqual(once.data);
      }
    });
  }
});

describe('zod habla español', () => {
  it('gives Spanish messages for problems our schemas did not name', () => {
    const messages = [
      z.string().safeParse(4),
      z.object({ a: z.number() }).safeParse({ a: 'x' }),
      z.enum(['a', 'b']).safeParse('c'),
      z.array(z.string()).max(1).safeParse(['a', 'b']),
      registerSchema.safeParse({ nombre: 'Ana', apellido: 'Ruiz', email: 'a@b.mx', especialidad: 5, password: 'secreto-del-despacho', confirmPassword: 'secreto-del-despacho' }),
    ].map((result) => result.error?.issues[0]?.message ?? '');
    for (const message of messages) {
      expect(message).not.toBe('');
      expect(message).not.toMatch(/\b(Invalid|expected|received|Too big|must)\b/);
    }
    expect(messages[0]).toMatch(/inválid/i);
  });
});

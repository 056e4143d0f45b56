/** Who a portal request comes from (issue 38): the client, their lawyer, their access and session. */
export interface PortalClient {
  sessionId: string;
  accesoId: string;
  clienteId: string;
  /** The lawyer whose client it is: every query is scoped by it and by the client. */
  userId: string;
  email: string;
}

/** Sends a text message. A real provider is chosen by configuration; the sandbox is the default. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
  /** True when nothing really leaves the server (the answer of sendsms says so). */
  readonly sandbox: boolean;
}

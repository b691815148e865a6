import type { CatalogOf } from "../../../messages";
import type accountEn from "./en";

const accountPtBR: CatalogOf<typeof accountEn> = {
  "account.label": "Sua conta",
  "account.have": "Já tem uma conta?",
  "account.havePackage": "Já tem uma conta? Entre, e sua conta guarda o pacote para seus agendamentos.",
  "account.required": "{business} só aceita agendamentos on-line de clientes com conta. Entre ou crie uma conta para agendar.",
  "account.signIn": "Entrar",
  "account.email": "E-mail",
  "account.password": "Senha",
  "account.firstName": "Nome",
  "account.passwordHint": "No mínimo 8 caracteres.",
  "account.newHere": "Primeira vez aqui?",
  "account.create": "Criar uma conta",
};

export default accountPtBR;

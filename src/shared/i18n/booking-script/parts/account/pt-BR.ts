import type { CatalogOf } from "../../../messages";
import type accountEn from "./en";

const accountPtBR: CatalogOf<typeof accountEn> = {
  "account.signedIn": "Você entrou como {name} ({email})",
  "account.signOut": "Sair",
  "account.createButton": "Criar conta",
  "account.haveOne": "Já tem uma conta?",
  "account.working": "Um momento…",
  "account.wrongPassword": "O e-mail ou a senha não estão corretos. Confira e tente de novo.",
  "account.tooMany": "Muitas tentativas de entrar a partir daqui. Aguarde um minuto e tente de novo.",
  "account.emailTaken": "Já existe uma conta com este e-mail. Entre com ela.",
  "account.fill": "Informe seu e-mail e sua senha.",
  "account.fillCreate": "Informe seu nome, seu e-mail e uma senha.",
  "account.shortPassword": "Escolha uma senha com no mínimo 8 caracteres.",
  "account.badEmail": "Informe um e-mail válido.",
  "account.failed": "Não deu certo agora. Tente de novo em instantes.",
  "account.offline": "Parece que você está sem conexão. Verifique sua internet e tente de novo.",
  "account.ended": "Sua sessão terminou. Entre de novo.",
  "account.usePackage": "Usar uma sessão do meu pacote ({name}, {credits, plural, one {resta #} other {restam #}})",
  "account.signInToBook":
    "Este estabelecimento só aceita agendamentos de clientes com conta. Entre ou crie uma conta acima e depois confirme.",
  "account.packageKept":
    "O código do seu pacote está a caminho de {email}, e sua conta guarda o pacote: ao agendar com sua conta, você pode pagar com uma das sessões.",
};

export default accountPtBR;

import type { CatalogOf } from "../messages";
import type en from "./en";

const ptBR: CatalogOf<typeof en> = {
  "page.skip": "Pular para o conteúdo",
  "reset.chooseYour": "Escolha sua senha",
  "reset.chooseNew": "Escolha uma nova senha",
  "reset.inviteIntro": "Escolha a senha com que você vai entrar.",
  "reset.resetIntro": "Digite uma nova senha para sua conta. Todos os dispositivos conectados a ela serão desconectados.",
  "reset.correct": "Corrija os campos abaixo.",
  "reset.newPassword": "Nova senha",
  "reset.hint": "Pelo menos 8 caracteres.",
  "reset.repeat": "Repita a nova senha",
  "reset.save": "Salvar senha",
  "reset.passwordProblem":
    "{problem, select, short {A senha deve ter pelo menos 8 caracteres} long {A senha pode ter no máximo 256 caracteres} other {Digite uma senha}}",
  "reset.mismatch": "As duas senhas não são iguais",
  "reset.invalidTitle": "Link inválido",
  "reset.incompleteHeading": "Este link está incompleto",
  "reset.expiredHeading": "Este link não funciona mais",
  "reset.incomplete": "Falta o código no endereço. Abra de novo o link completo do seu e-mail.",
  "reset.expired": "O link é inválido, já foi usado ou expirou (links de redefinição valem por uma hora; convites, por sete dias).",
  "reset.askNew":
    "Peça um novo link na página de login (“Esqueceu sua senha?”) ou peça ao estabelecimento que convidou você para adicionar você de novo.",
  "reset.home": "Ir para a página inicial",
  "reset.savedTitle": "Senha salva",
  "reset.savedHeading": "Sua senha foi salva",
  "reset.inviteDone": "Sua conta está pronta. Entre com seu endereço de e-mail e esta senha.",
  "reset.resetDone": "Entre com sua nova senha. Os dispositivos que estavam conectados foram desconectados.",
  "short.tooManyTitle": "Tentativas demais",
  "short.tooMany": "Muitos links de reserva inexistentes foram abertos daqui. Tente mais tarde.",
  "short.notFoundTitle": "Reserva não encontrada",
  "short.notFound": "Este link não corresponde a nenhuma reserva. Confira o link na sua mensagem de texto.",
};

export default ptBR;

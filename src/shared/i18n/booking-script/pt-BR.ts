import type { CatalogOf } from "../messages";
import type en from "./en";

const ptBR: CatalogOf<typeof en> = {
  "slot.label": "{time} com {staff}",
  "summary.slot": "{service} com {staff}, {when}",
  "summary.when": "{date}, {start}–{end} (horário de {timezone})",
  "manage.rowCode": "Código",
  "manage.rowBusiness": "Estabelecimento",
  "manage.rowServices": "Serviços",
  "manage.rowService": "Serviço",
  "manage.rowWith": "Com",
  "manage.rowWhen": "Quando",
  "manage.rowStatus": "Status",
  "manage.enterCode": "Informe o código de confirmação do seu e-mail.",
  "manage.notFound": "Não encontramos nenhum agendamento com esse código. Confira o código e tente novamente.",
  "manage.payExpired": "O prazo para pagar este agendamento terminou. Agende novamente.",
  "manage.moved": "Seu agendamento foi remarcado para {date}, {time}.",
  "manage.notReschedulable": "Este agendamento não pode mais ser remarcado.",
  "manage.cannotMoveNow": "Este agendamento não pode ser remarcado on-line agora.",
  "manage.confirmCancel": "Cancelar este agendamento? Não é possível desfazer.",
  "manage.alreadyCancelled": "Este agendamento já estava cancelado.",
  "manage.cancelled": "Seu agendamento foi cancelado.",
  "manage.notCancellable": "Este agendamento não pode mais ser cancelado.",
  "client.booking": "Agendando…",
  "client.chooseTimeFirst": "Escolha um horário primeiro.",
  "client.phoneForTexts": "Informe o número de celular para os SMS ou desmarque “Quero receber SMS sobre este agendamento”.",
  "client.captchaFirst": "Conclua primeiro a verificação de que você não é um robô.",
  "client.slotTaken": "Desculpe, esse horário acabou de ser reservado.",
  "client.slotTakenAt": "Desculpe, outra pessoa acabou de reservar {date} às {time}. Escolha outro horário.",
  "client.paymentStart": "Não foi possível iniciar o pagamento, então nada foi agendado. Tente novamente em instantes.",
  "client.captchaFailed": "A verificação de que você não é um robô não foi aprovada. Faça-a novamente e confirme.",
  "client.tooManyHolds": "Há agendamentos demais aguardando pagamento a partir daqui no momento. Tente novamente em alguns minutos.",
  "calendar.loadingDays": "Carregando os dias livres…",
  "calendar.daysError": "Não foi possível carregar os dias livres.",
  "slots.loading": "Carregando os horários disponíveis…",
  "slots.searching": "Procurando a primeira data com horários livres…",
  "day.times": "{count, plural, one {# horário livre} other {# horários livres}} em {date}.",
  "day.first": "A primeira data com horários livres é {date} ({count, plural, one {# horário livre} other {# horários livres}}).",
  "day.labelPast": "{date}, indisponível para agendamento",
  "day.labelTimes": "{date}, {count, plural, one {# horário livre} other {# horários livres}}",
  "day.labelNone": "{date}, sem horários livres",
  "manage.status":
    "{status, select, confirmed {Confirmado} pending {Pendente} cancelled {Cancelado} completed {Concluído} no_show {Não compareceu} other {{status}}}",
  "manage.cannotMoveVisit":
    "{visit, select, yes {Esta visita não pode ser remarcada} other {Este serviço não pode ser remarcado}} on-line. Entre em contato com o estabelecimento.",
  "client.captchaLoad":
    "Não foi possível carregar a verificação de que você não é um robô. Recarregue a página ou entre em contato com o estabelecimento para agendar.",
  "client.guestDisabled":
    "Este estabelecimento só aceita agendamentos de clientes com conta. Entre em contato com o estabelecimento para agendar.",
  "day.next":
    "Não há mais horários livres em {chosen}. Mostrando a próxima data com horários livres: {date} ({count, plural, one {# horário livre} other {# horários livres}}).",
  "day.none":
    "Não há horários livres de {chosen} a {through}. Tente outro serviço ou profissional, ou entre em contato com o estabelecimento.",
  "day.visitNext":
    "Em {chosen} não cabem {services, plural, =2 {os dois} other {os #}} serviços. Mostrando a próxima data em que cabem: {date} ({count, plural, one {# horário livre} other {# horários livres}}).",
  "day.visitNone":
    "De {chosen} a {through} não cabem {services, plural, =2 {os dois} other {os #}} serviços. Tente menos serviços ou outro profissional, ou entre em contato com o estabelecimento.",
  "texts.hintRegion":
    "Para SMS, um número de celular. Nós o lemos como um número de {region}, a menos que comece com + e o código do país; um número que não conseguirmos ler não recebe SMS.",
  "texts.hint": "Para SMS, um número de celular começando com + e o código do país; um número que não conseguirmos ler não recebe SMS.",
  "texts.consent": "Quero receber SMS sobre este agendamento",
  "texts.consentHint":
    "A confirmação, qualquer alteração e os lembretes, enviados para o telefone acima. Responda STOP a qualquer momento para não receber mais SMS.",
  "pay.heading": "Pague para confirmar seu agendamento",
  "pay.agree": "Concordo com estas taxas e com o salvamento do meu cartão para cobrá-las.",
  "pay.button": "Pagar",
  "pay.expired": "O prazo para pagar terminou e este horário foi liberado para outros clientes. Nada foi cobrado.",
  "pay.restart": "Escolher um horário novamente",
};

export default ptBR;

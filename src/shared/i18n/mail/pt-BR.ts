import type { CatalogOf } from "../messages";
import type en from "./en";

/** The booking e-mails in Brazilian Portuguese. */
const ptBR: CatalogOf<typeof en> = {
  "layout.openLink": "Ou abra este link:",
  "footer.customer": "Enviado em nome de {business}. Guarde seu código de confirmação: você vai precisar dele para alterar o agendamento.",
  "footer.notice": "Você recebe este e-mail como endereço de notificações de {business} ou como profissional agendado.",
  "when.range": "{start}\u2013{end} (horário de {timezone})",
  "when.at": "{date} (horário de {timezone})",
  "item.when": "{time} com {staff}",
  "row.service": "Serviço",
  "row.with": "Com",
  "row.when": "Quando",
  "row.where": "Onde",
  "row.code": "Código de confirmação",
  "row.was": "Antes",
  "row.wasWith": "{when} com {staff}",
  "row.reason": "Motivo",
  "row.customer": "Cliente",
  "row.email": "E-mail",
  "row.phone": "Telefone",
  "row.notes": "Observações",
  "calendar.invite": "O arquivo de calendário anexo (invite.ics) adiciona o horário à sua agenda ou o atualiza nela.",
  "calendar.cancel": "O arquivo de calendário anexo (cancel.ics) remove o horário da sua agenda.",
  "confirmed.subject": "Agendamento confirmado: {service} em {business}",
  "confirmed.heading": "Seu agendamento está confirmado",
  "confirmed.intro": "Olá, {name}! Seu agendamento em {business} está confirmado.",
  "confirmed.button": "Gerenciar ou cancelar seu agendamento",
  "rescheduled.subject": "Agendamento remarcado: {service} em {business}",
  "rescheduled.heading": "Seu agendamento tem um novo horário",
  "rescheduled.intro": "Olá, {name}! Seu agendamento em {business} tem um novo horário.",
  "rescheduled.button": "Gerenciar seu agendamento",
  "cancelled.subject": "Agendamento cancelado: {service} em {business}",
  "cancelled.heading": "Seu agendamento foi cancelado",
  "cancelled.intro": "Olá, {name}. Seu agendamento de {service} em {business} para {date} (horário de {timezone}) foi cancelado.",
  "cancelled.button": "Ver seu agendamento",
  "reminder.subject": "Lembrete: {service} em {business}, {date}",
  "reminder.headingTomorrow": "Seu horário é amanhã",
  "reminder.headingDays": "Seu horário é daqui a {days, plural, one {# dia} other {# dias}}",
  "reminder.headingHours": "Seu horário é daqui a {hours, plural, one {# hora} other {# horas}}",
  "reminder.intro": "Olá, {name}! Este é um lembrete do seu horário em {business}.",
  "reminder.button": "Remarcar ou cancelar seu agendamento",
  "reminder.cantMake": "Não vai poder vir? Remarque ou cancele o agendamento para que outra pessoa possa usar o horário.",
  "notice.created.subject": "Novo agendamento: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.created.heading": "Novo agendamento",
  "notice.rescheduled.subject": "Agendamento remarcado: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.rescheduled.heading": "Um agendamento foi remarcado",
  "notice.cancelled.subject": "Agendamento cancelado: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.cancelled.heading": "Um agendamento foi cancelado",
  "ics.summary": "{service} com {staff} em {business}",
  "ics.item": "{time}: {service} com {staff}",
  "ics.code": "Código de confirmação: {code}",
  "ics.manage": "Gerencie seu agendamento: {url}",
  "greeting.named": "Olá, {name}!",
  "greeting.anonymous": "Olá!",
  "footer.business": "Enviado em nome de {business}.",
  "waitlist.joined.subject": "Você está na lista de espera de {business}",
  "waitlist.joined.intro":
    "Você está na lista de espera de {business} para {service} {count, plural, one {neste horário} other {nestes # horários}}:",
  "waitlist.joined.window": "{start}–{end}",
  "waitlist.joined.how":
    "Quando um desses horários ficar livre, enviaremos por e-mail um link para agendar. Quem agendar primeiro fica com o horário.",
  "waitlist.joined.leave": "Para sair da lista de espera: {url}",
  "waitlist.joined.footer": "Guarde este e-mail: o link dele permite sair da lista de espera.",
  "waitlist.offer.subject": "Há um horário livre em {business}: {when}",
  "waitlist.offer.intro": "Um horário que você pediu está livre: {service} com {staff}, {when}.",
  "waitlist.offer.book": "Agende aqui: {url}",
  "waitlist.offer.others":
    "Também avisamos algumas outras pessoas da lista de espera; quem agendar primeiro fica com o horário. Se ele já tiver sido ocupado, você continua na lista de espera.",
  "waitlist.offer.footer":
    "Você está recebendo este e-mail porque entrou na lista de espera. O link do e-mail de confirmação da lista de espera permite sair dela.",
  "payment.reference": "Referência: {code}",
  "payment.late.subject": "Seu pagamento para {business} está sendo reembolsado",
  "payment.late.intro":
    "Seu pagamento de {amount} por {service} em {date} ({timezone}) chegou depois do fim do prazo para pagar, e o horário foi liberado para outros clientes.",
  "payment.late.refund":
    "Estamos reembolsando o valor total de {amount} no seu cartão. Dependendo do seu banco, pode levar de 5 a 10 dias para aparecer.",
  "payment.late.again": "Fique à vontade para agendar de novo.",
  "payment.fee.subject":
    "{business} cobrou uma taxa de {fee, select, no_show {não comparecimento} other {cancelamento tardio}} de {amount}",
  "payment.fee.noShow": "Você não compareceu ao seu horário de {service} em {date} ({timezone}).",
  "payment.fee.late":
    "Você cancelou seu horário de {service} em {date} ({timezone}) depois do prazo permitido pela política de cancelamento.",
  "payment.fee.charged": "Conforme combinado no agendamento, {business} cobrou a taxa de {amount} no cartão que você salvou.",
  "payment.cancel.refund": "Estamos reembolsando {amount} no seu cartão. Dependendo do seu banco, pode levar de 5 a 10 dias para aparecer.",
  "payment.cancel.kept":
    "Como o agendamento foi cancelado dentro do prazo de cancelamento, o valor de {amount} que você pagou fica retido.{hasPolicy, select, yes { A política de cancelamento diz: “{policy}”} other {}}",
  "payment.cancel.lateFee":
    "Uma taxa de cancelamento tardio de {amount} será cobrada no seu cartão salvo em {date}, a menos que o estabelecimento a dispense.",
  "gift.recipient.subject": "Um vale-presente para {business}",
  "gift.recipient.intro":
    "{hasBuyer, select, yes {{buyer} enviou para você} other {Você recebeu}} um vale-presente de {amount} para {business}.",
  "gift.recipient.message": "“{message}”",
  "gift.recipient.code": "Seu código: {code}",
  "gift.recipient.use":
    "Informe o código ao agendar ({url}); o valor do agendamento é descontado primeiro do vale. {expires, select, yes {Ele pode ser usado até {expiry}.} other {Ele pode ser usado até o saldo acabar.}}",
  "gift.recipient.safe": "Guarde este código com cuidado: quem tiver o código pode usar o vale.",
  "gift.receipt.subject": "Seu vale-presente para {business}",
  "gift.receipt.thanks": "Obrigado! Seu pagamento de {amount} por um vale-presente de {business} foi aprovado.",
  "gift.receipt.delivery":
    "O vale (final {last4}) será enviado para {recipient} ({email}) {today, select, yes {hoje} other {em {delivery}}}. {expires, select, yes {Ele pode ser usado até {expiry}.} other {Ele pode ser usado até o saldo acabar.}}",
  "gift.receipt.receipt": "Este e-mail é o seu recibo.",
  "reset.subject": "Redefina sua senha",
  "reset.customer":
    "Alguém pediu para redefinir a senha da sua conta de agendamentos. Se foi você, use este link em até {minutes, plural, one {# minuto} other {# minutos}}:",
  "reset.member":
    "Alguém pediu para redefinir a senha que você usa para gerenciar seu negócio na plataforma de agendamentos. Se foi você, use este link em até {minutes, plural, one {# minuto} other {# minutos}}:",
  "reset.notYou": "Se não foi você, ignore este e-mail; sua senha continua a mesma.",
  "reset.footer": "Este link só pode ser usado uma vez.",
  "package.subject": "Seu pacote em {business}",
  "package.paid": "Obrigado! Seu pagamento de {amount} por “{package}” foi aprovado. Este e-mail é o seu recibo.",
  "package.issued": "{business} emitiu para você o pacote “{package}”.",
  "package.code": "Seu código do pacote: {code}",
  "package.use":
    "Ele inclui {sessions, plural, one {# sessão} other {# sessões}}. Informe o código ao agendar ({url}) e uma sessão paga o agendamento. {expires, select, yes {Ele pode ser usado até {expiry}.} other {Ele pode ser usado até as sessões acabarem.}}",
  "package.safe": "Guarde este código com cuidado: quem tiver o código pode usar as sessões.",
};

export default ptBR;

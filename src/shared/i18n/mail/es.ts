import type { CatalogOf } from "../messages";
import type en from "./en";

/** The booking e-mails in Spanish (usted). */
const es: CatalogOf<typeof en> = {
  "layout.openLink": "O abra este enlace:",
  "footer.customer": "Enviado en nombre de {business}. Guarde su código de confirmación: lo necesitará para cambiar la reserva.",
  "footer.notice": "Recibe este correo como dirección de avisos de {business} o como profesional asignado a la reserva.",
  "when.range": "{start}\u2013{end} (hora de {timezone})",
  "when.at": "{date} (hora de {timezone})",
  "item.when": "{time} con {staff}",
  "row.service": "Servicio",
  "row.with": "Con",
  "row.when": "Cuándo",
  "row.where": "Dónde",
  "row.code": "Código de confirmación",
  "row.was": "Antes",
  "row.wasWith": "{when} con {staff}",
  "row.reason": "Motivo",
  "row.customer": "Cliente",
  "row.email": "Correo electrónico",
  "row.phone": "Teléfono",
  "row.notes": "Notas",
  "calendar.invite": "El archivo de calendario adjunto (invite.ics) añade la cita a su calendario o la actualiza.",
  "calendar.cancel": "El archivo de calendario adjunto (cancel.ics) elimina la cita de su calendario.",
  "confirmed.subject": "Reserva confirmada: {service} en {business}",
  "confirmed.heading": "Su reserva está confirmada",
  "confirmed.intro": "Hola, {name}: su reserva en {business} está confirmada.",
  "confirmed.button": "Gestionar o cancelar su reserva",
  "rescheduled.subject": "Reserva cambiada: {service} en {business}",
  "rescheduled.heading": "Su reserva tiene una nueva hora",
  "rescheduled.intro": "Hola, {name}: su reserva en {business} tiene una nueva hora.",
  "rescheduled.button": "Gestionar su reserva",
  "cancelled.subject": "Reserva cancelada: {service} en {business}",
  "cancelled.heading": "Su reserva está cancelada",
  "cancelled.intro": "Hola, {name}: su reserva de {service} en {business} del {date} (hora de {timezone}) ha sido cancelada.",
  "cancelled.button": "Ver su reserva",
  "reminder.subject": "Recordatorio: {service} en {business}, {date}",
  "reminder.headingTomorrow": "Su cita es mañana",
  "reminder.headingDays": "Su cita es dentro de {days, plural, one {# día} other {# días}}",
  "reminder.headingHours": "Su cita es dentro de {hours, plural, one {# hora} other {# horas}}",
  "reminder.intro": "Hola, {name}: le recordamos su cita en {business}.",
  "reminder.button": "Cambiar o cancelar su reserva",
  "reminder.cantMake": "¿No puede venir? Cambie o cancele la reserva para que otra persona pueda aprovechar la hora.",
  "notice.created.subject": "Nueva reserva: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.created.heading": "Nueva reserva",
  "notice.rescheduled.subject": "Reserva cambiada: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.rescheduled.heading": "Se ha cambiado una reserva",
  "notice.cancelled.subject": "Reserva cancelada: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.cancelled.heading": "Se ha cancelado una reserva",
  "ics.summary": "{service} con {staff} en {business}",
  "ics.item": "{time}: {service} con {staff}",
  "ics.code": "Código de confirmación: {code}",
  "ics.manage": "Gestione su reserva: {url}",
  "greeting.named": "Hola, {name}:",
  "greeting.anonymous": "Hola:",
  "footer.business": "Enviado en nombre de {business}.",
  "waitlist.joined.subject": "Está en la lista de espera de {business}",
  "waitlist.joined.intro":
    "Está en la lista de espera de {business} para {service} {count, plural, one {en este horario} other {en estos # horarios}}:",
  "waitlist.joined.window": "{start}–{end}",
  "waitlist.joined.how":
    "Cuando uno de estos horarios quede libre, le enviaremos por correo un enlace para reservarlo. Se lo queda quien reserve primero.",
  "waitlist.joined.leave": "Para salir de la lista de espera: {url}",
  "waitlist.joined.footer": "Guarde este correo: su enlace le permite salir de la lista de espera.",
  "waitlist.offer.subject": "Hay una hora libre en {business}: {when}",
  "waitlist.offer.intro": "Ha quedado libre una hora que usted pidió: {service} con {staff}, {when}.",
  "waitlist.offer.book": "Resérvela aquí: {url}",
  "waitlist.offer.others":
    "También hemos avisado a algunas personas más de la lista de espera; se la queda quien reserve primero. Si ya no está disponible, usted sigue en la lista de espera.",
  "waitlist.offer.footer":
    "Recibe este correo porque se apuntó a la lista de espera. El enlace de su correo de confirmación de la lista de espera le permite salir de ella.",
  "payment.reference": "Referencia: {code}",
  "payment.late.subject": "Reembolso de su pago a {business}",
  "payment.late.intro":
    "Su pago de {amount} por {service} el {date} ({timezone}) nos llegó después de que venciera el plazo para pagar, y la hora se liberó para otros clientes.",
  "payment.late.refund":
    "Le reembolsamos el importe completo de {amount} en su tarjeta. Según su banco, puede tardar entre 5 y 10 días en aparecer.",
  "payment.late.again": "Puede volver a reservar cuando quiera.",
  "payment.fee.subject":
    "{business} ha cobrado un cargo de {amount} por {fee, select, no_show {no presentarse} other {cancelación tardía}}",
  "payment.fee.noShow": "No acudió a su cita de {service} del {date} ({timezone}).",
  "payment.fee.late": "Canceló su cita de {service} del {date} ({timezone}) más tarde de lo que permite la política de cancelación.",
  "payment.fee.charged": "Tal como se acordó al reservar, {business} ha cobrado el cargo de {amount} en la tarjeta que usted guardó.",
  "payment.cancel.refund": "Le reembolsamos {amount} en su tarjeta. Según su banco, puede tardar entre 5 y 10 días en aparecer.",
  "payment.cancel.kept":
    "Como la reserva se canceló dentro del plazo de cancelación, se retienen los {amount} que pagó.{hasPolicy, select, yes { La política de cancelación dice: «{policy}»} other {}}",
  "payment.cancel.lateFee":
    "El {date} se cobrará en su tarjeta guardada un cargo por cancelación tardía de {amount}, salvo que el negocio renuncie a él.",
  "gift.recipient.subject": "Una tarjeta regalo para {business}",
  "gift.recipient.intro":
    "{hasBuyer, select, yes {{buyer} le ha enviado} other {Ha recibido}} una tarjeta regalo de {amount} para {business}.",
  "gift.recipient.message": "«{message}»",
  "gift.recipient.code": "Su código: {code}",
  "gift.recipient.use":
    "Introdúzcalo al reservar ({url}); el importe de la reserva se descuenta primero de la tarjeta. {expires, select, yes {Puede usarla hasta el {expiry}.} other {Puede usarla hasta agotar el saldo.}}",
  "gift.recipient.safe": "Guarde bien este código: quien lo tenga puede gastar la tarjeta.",
  "gift.receipt.subject": "Su tarjeta regalo para {business}",
  "gift.receipt.thanks": "Gracias: su pago de {amount} por una tarjeta regalo de {business} se ha completado.",
  "gift.receipt.delivery":
    "La tarjeta (terminada en {last4}) se enviará a {recipient} ({email}) {today, select, yes {hoy} other {el {delivery}}}. {expires, select, yes {Puede usarse hasta el {expiry}.} other {Puede usarse hasta agotar el saldo.}}",
  "gift.receipt.receipt": "Este correo es su recibo.",
  "reset.subject": "Restablezca su contraseña",
  "reset.customer":
    "Alguien ha pedido restablecer la contraseña de su cuenta de reservas. Si fue usted, use este enlace en un plazo de {minutes, plural, one {# minuto} other {# minutos}}:",
  "reset.member":
    "Alguien ha pedido restablecer la contraseña que usa para gestionar su negocio en la plataforma de reservas. Si fue usted, use este enlace en un plazo de {minutes, plural, one {# minuto} other {# minutos}}:",
  "reset.notYou": "Si no fue usted, ignore este correo; su contraseña no cambia.",
  "reset.footer": "Este enlace solo puede usarse una vez.",
  "package.subject": "Su bono en {business}",
  "package.paid": "Gracias: su pago de {amount} por «{package}» se ha completado. Este correo es su recibo.",
  "package.issued": "{business} le ha emitido el bono «{package}».",
  "package.code": "Su código de bono: {code}",
  "package.use":
    "Incluye {sessions, plural, one {# sesión} other {# sesiones}}. Introduzca el código al reservar ({url}) y una sesión paga la reserva. {expires, select, yes {Puede usarlo hasta el {expiry}.} other {Puede usarlo hasta agotar sus sesiones.}}",
  "package.safe": "Guarde bien este código: quien lo tenga puede usar las sesiones.",
};

export default es;

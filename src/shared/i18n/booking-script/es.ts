import type { CatalogOf } from "../messages";
import type en from "./en";

const es: CatalogOf<typeof en> = {
  "slot.label": "{time} con {staff}",
  "summary.slot": "{service} con {staff}, {when}",
  "summary.when": "{date}, {start}–{end} (hora de {timezone})",
  "manage.rowCode": "Código",
  "manage.rowBusiness": "Negocio",
  "manage.rowServices": "Servicios",
  "manage.rowService": "Servicio",
  "manage.rowWith": "Con",
  "manage.rowWhen": "Cuándo",
  "manage.rowStatus": "Estado",
  "manage.enterCode": "Introduzca el código de confirmación de su correo.",
  "manage.notFound": "No hemos encontrado ninguna reserva con ese código. Compruebe el código e inténtelo de nuevo.",
  "manage.payExpired": "Se ha agotado el tiempo para pagar esta reserva. Vuelva a reservar.",
  "manage.moved": "Su reserva se ha cambiado al {date}, {time}.",
  "manage.notReschedulable": "Esta reserva ya no se puede cambiar.",
  "manage.cannotMoveNow": "Ahora mismo no se puede cambiar esta reserva en línea.",
  "manage.confirmCancel": "¿Cancelar esta reserva? No se puede deshacer.",
  "manage.alreadyCancelled": "Esta reserva ya estaba cancelada.",
  "manage.cancelled": "Su reserva ha sido cancelada.",
  "manage.notCancellable": "Esta reserva ya no se puede cancelar.",
  "client.booking": "Reservando…",
  "client.chooseTimeFirst": "Elija primero una hora.",
  "client.phoneForTexts": "Indique el número de móvil para los SMS o desmarque «Enviarme SMS sobre esta reserva».",
  "client.captchaFirst": "Complete primero la comprobación de que no es un robot.",
  "client.slotTaken": "Lo sentimos, esa hora se acaba de reservar.",
  "client.slotTakenAt": "Lo sentimos, otra persona acaba de reservar las {time} del {date}. Elija otra hora.",
  "client.paymentStart": "No hemos podido iniciar el pago, así que no se ha reservado nada. Inténtelo de nuevo en un momento.",
  "client.captchaFailed": "La comprobación de que no es un robot no se ha superado. Hágala de nuevo y confirme.",
  "client.tooManyHolds": "Ahora mismo hay demasiadas reservas pendientes de pago desde aquí. Inténtelo de nuevo dentro de unos minutos.",
  "client.guestDisabled": "Este negocio solo acepta reservas de clientes con cuenta. Contacte con el negocio para reservar.",
  "calendar.loadingDays": "Cargando los días libres…",
  "calendar.daysError": "No se han podido cargar los días libres.",
  "slots.loading": "Cargando las horas disponibles…",
  "slots.searching": "Buscando la primera fecha con horas libres…",
  "day.times": "{count, plural, one {# hora libre} other {# horas libres}} el {date}.",
  "day.first": "La primera fecha con horas libres es el {date} ({count, plural, one {# hora libre} other {# horas libres}}).",
  "day.none": "No hay horas libres del {chosen} al {through}. Pruebe con otro servicio o profesional, o contacte con el negocio.",
  "day.labelPast": "{date}, no se puede reservar",
  "day.labelTimes": "{date}, {count, plural, one {# hora libre} other {# horas libres}}",
  "day.labelNone": "{date}, sin horas libres",
  "manage.status":
    "{status, select, confirmed {Confirmada} pending {Pendiente} cancelled {Cancelada} completed {Completada} no_show {No se presentó} other {{status}}}",
  "manage.cannotMoveVisit":
    "{visit, select, yes {Esta visita} other {Este servicio}} no se puede cambiar en línea. Contacte con el negocio.",
  "client.captchaLoad":
    "No se ha podido cargar la comprobación de que no es un robot. Vuelva a cargar la página o contacte con el negocio para reservar.",
  "day.next":
    "No quedan horas libres el {chosen}. Mostramos la siguiente fecha con horas libres: {date} ({count, plural, one {# hora libre} other {# horas libres}}).",
  "day.visitNext":
    "El {chosen} no caben {services, plural, =2 {los dos} other {los #}} servicios. Mostramos la siguiente fecha en la que caben: {date} ({count, plural, one {# hora libre} other {# horas libres}}).",
  "day.visitNone":
    "Del {chosen} al {through} no caben {services, plural, =2 {los dos} other {los #}} servicios. Pruebe con menos servicios u otro profesional, o contacte con el negocio.",
  "texts.hintRegion":
    "Para los SMS, un número de móvil. Lo leemos como un número de {region} salvo que empiece por + y el prefijo del país; un número que no podamos leer no recibirá SMS.",
  "texts.hint": "Para los SMS, un número de móvil que empiece por + y el prefijo del país; un número que no podamos leer no recibirá SMS.",
  "texts.consent": "Enviarme SMS sobre esta reserva",
  "texts.consentHint":
    "La confirmación, cualquier cambio y los recordatorios, al teléfono indicado arriba. Responda STOP en cualquier momento para no recibir más SMS.",
  "pay.heading": "Pague para confirmar su reserva",
  "pay.agree": "Acepto estos cargos y que se guarde mi tarjeta para ellos.",
  "pay.button": "Pagar",
  "pay.expired": "Se ha agotado el tiempo para pagar y esta hora ha quedado libre para otros clientes. No se ha cobrado nada.",
  "pay.restart": "Elegir otra hora",
};

export default es;

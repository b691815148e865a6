import type { AppBusiness, Viewer } from "../../shared/api-types";
import type { StaffChoice } from "./change-forms";
import { BookingDetail } from "./detail";

/**
 * The booking a list page (bookings, calendar, dashboard) has open through the address
 * (`useBookingParam`), shown with the page's own view data; nothing while none is open.
 */
export function OpenBooking(p: {
  id: string | null;
  view: { business: AppBusiness; viewer: Viewer; staff?: StaffChoice[] };
  onClose: () => void;
  onChanged: () => void;
}) {
  if (!p.id) return null;
  return (
    <BookingDetail
      key="booking-detail"
      id={p.id}
      business={p.view.business}
      viewer={p.view.viewer}
      staff={p.view.staff}
      onClose={p.onClose}
      onChanged={p.onChanged}
    />
  );
}

import { bookingStateLabel } from "../../../core/booking-texts";
import type { BookingStatus } from "../../../core/enums";
import { formatDollars } from "../../../core/money";
import { when } from "./format";
import { usePagedList, ListFrame, EMAIL_CELL, Table } from "./list";

export function SessionsTab() {
  const list = usePagedList("sessions");
  return (
    <ListFrame label="Sessions" list={list}>
      {(rows) => (
        <Table head={["When", "Client", "Practitioner", "Status", "Amount", "Duration", "Type"]}>
          {rows.map((s) => (
            <tr key={s.id}>
              <td className="whitespace-nowrap">{when(s.scheduledDatetime)}</td>
              <td className={EMAIL_CELL}>{s.clientEmail}</td>
              <td className={EMAIL_CELL}>{s.practitionerEmail}</td>
              <td>{bookingStateLabel({ status: s.status as BookingStatus, cancelledBy: s.cancelledBy })}</td>
              <td>{formatDollars(s.totalAmount)}</td>
              <td>{s.duration} min</td>
              <td>{s.isVirtual ? "Virtual" : "In person"}</td>
            </tr>
          ))}
        </Table>
      )}
    </ListFrame>
  );
}

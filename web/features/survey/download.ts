import { ApiError } from "../../lib/api";

/**
 * Downloads a CSV the server streams: reads the row count from X-Export-Count, then saves the
 * file under the server's name. Returns the count (0 means nothing was saved).
 */
export async function downloadCsv(url: string, fallbackName: string): Promise<number> {
  const res = await fetch(url, { credentials: "include" });
  if (!res.ok) throw new ApiError(res.status, await res.text(), undefined);
  const count = Number(res.headers.get("x-export-count") ?? "0");
  if (count === 0) {
    await res.body?.cancel();
    return 0;
  }
  const name = res.headers.get("content-disposition")?.match(/filename="([^"]+)"/)?.[1] ?? fallbackName;
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return count;
}

import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, test } from "bun:test";
import type { DialogFailure } from "../../components/dialog-alert";
import { ShareDialog, type ShareDraft } from "./share-dialog";

const FAILED: DialogFailure = { title: "Upload failed", description: "Failed to upload content" };

describe("ShareDialog's request key", () => {
  test("a retry of the same draft sends the same key; an edited draft a new one; after a share, a new one", async () => {
    const sent: Array<{ draft: ShareDraft; key: string }> = [];
    let answer: true | DialogFailure = FAILED;
    render(
      <ShareDialog
        reward={25}
        onShare={async (draft, key) => {
          sent.push({ draft, key });
          return answer;
        }}
      />,
    );
    const submit = async () => {
      const before = sent.length;
      fireEvent.click(screen.getByRole("button", { name: "Share to the Garden", hidden: true }));
      await waitFor(() => expect(sent.length).toBe(before + 1));
      // no longer pending
      await waitFor(() => expect(screen.queryByRole("button", { name: "Sharing...", hidden: true })).toBeNull());
    };
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Morning grounding" } });
    fireEvent.change(screen.getByLabelText("Content"), { target: { value: "Feet on the floor." } });

    await submit(); // the answer is lost: the person tries again
    await submit();
    expect(sent[1].key).toBe(sent[0].key);

    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Evening grounding" } });
    await submit();
    expect(sent[2].draft.title).toBe("Evening grounding");
    expect(sent[2].key).not.toBe(sent[1].key);

    answer = true;
    await submit();
    expect(sent[3].key).toBe(sent[2].key);
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Evening grounding" } });
    fireEvent.change(screen.getByLabelText("Content"), { target: { value: "Feet on the floor." } });
    answer = FAILED;
    await submit(); // the same words again after a share are a second share
    expect(sent[4].key).not.toBe(sent[3].key);
  });
});

import { describe, expect, test } from "bun:test";
import { clientNetwork } from "./rate-limit";

describe("clientNetwork: what one client controls", () => {
  test("an IPv4 address is itself, also when written as IPv4-mapped IPv6", () => {
    expect(clientNetwork("192.0.2.7")).toBe("192.0.2.7");
    expect(clientNetwork("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientNetwork("::FFFF:192.0.2.7")).toBe("192.0.2.7");
    expect(clientNetwork("0:0:0:0:0:ffff:192.0.2.7")).toBe("192.0.2.7");
  });

  test("an IPv6 address counts as its /64, however it is written", () => {
    const network = "2001:db8:1:2::/64";
    for (const address of ["2001:db8:1:2::1", "2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd", "[2001:db8:1:2::9]", "2001:DB8:1:2:0:0:0:0"]) expect(clientNetwork(address)).toBe(network);
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("2001:db8:1:3::1")).not.toBe(network);
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  test("anything else is left as it is", () => {
    expect(clientNetwork("unknown")).toBe("unknown");
  });
});

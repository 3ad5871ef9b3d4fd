-- wrk script for scripts/bench: each request takes the next path of a list and the next session
-- cookie of another list, so that no answer can come from a cache of identical requests.
--   wrk ... -s scripts/bench.lua URL -- PATHS_FILE [COOKIES_FILE]
local paths, cookies = {}, {}
local n = 0
local threads = 0

function setup(thread)
  thread:set("thread_number", threads)
  threads = threads + 1
end

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  if args[2] ~= nil and args[2] ~= "" then
    for line in io.lines(args[2]) do
      if #line > 0 then cookies[#cookies + 1] = line end
    end
  end
  -- threads start at different places in the lists
  n = (thread_number or 0) * 7919
end

function request()
  n = n + 1
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  if #cookies > 0 then headers["Cookie"] = cookies[(n % #cookies) + 1] end
  return wrk.format("GET", paths[(n % #paths) + 1], headers)
end

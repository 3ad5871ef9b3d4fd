-- wrk script for scripts/bench: each request takes the next path of a list and the next session
-- cookie of another list, so that no answer can come from a cache of identical requests.
--   wrk ... -s scripts/bench.lua URL -- PATHS_FILE [COOKIES_FILE]
-- Writes (booking create): each request is the next line of a file (`Cookie<TAB>path<TAB>JSON
-- body`, written by scripts/bench-setup.ts), POSTed with its session's cookie and a trusted Origin;
-- the threads take alternate lines, so no line is sent twice (a line is one free slot: sent again,
-- it would be a 409), and the first few refusals are printed.
--   wrk ... -s scripts/bench.lua URL -- post LINES_FILE THREADS ORIGIN
local paths, cookies, lines = {}, {}, {}
local n, step = 0, 1
local threads = 0
local post, origin = false, nil

function setup(thread)
  thread:set("thread_number", threads)
  threads = threads + 1
end

function init(args)
  if args[1] == "post" then
    post = true
    for line in io.lines(args[2]) do
      local cookie, path, body = line:match("^([^\t]*)\t([^\t]*)\t(.*)$")
      if cookie then lines[#lines + 1] = { cookie = cookie, path = path, body = body } end
    end
    step = tonumber(args[3]) or 1
    origin = args[4]
    n = thread_number or 0
    return
  end
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
  if post then
    local line = lines[(n % #lines) + 1]
    n = n + step
    return wrk.format("POST", line.path, { ["Cookie"] = line.cookie, ["Content-Type"] = "application/json", ["Accept"] = "application/json", ["Origin"] = origin }, line.body)
  end
  n = n + 1
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  if #cookies > 0 then headers["Cookie"] = cookies[(n % #cookies) + 1] end
  return wrk.format("GET", paths[(n % #paths) + 1], headers)
end

local reported = 0
function response(status, headers, body)
  if post and status >= 300 and reported < 3 then
    reported = reported + 1
    io.stderr:write(string.format("bench (POST): HTTP %d %s\n", status, string.sub(body or "", 1, 200)))
  end
end

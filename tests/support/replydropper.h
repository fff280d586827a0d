#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace treelock::test {

/// A TCP proxy on 127.0.0.1 in front of a redis-server's Unix socket, for tests of
/// answers that are lost. It passes bytes both ways; once told, it lets the next
/// request that contains a marker reach the server, waits for the server's answer,
/// swallows it and closes that client's connection. The call ran; its caller saw
/// only a dropped connection. One thread per connection; stopped by the destructor.
class ReplyDropper {
public:
    /// Listens on a free loopback port; connections go to `unixSocket`.
    explicit ReplyDropper(std::string unixSocket);
    ~ReplyDropper();
    ReplyDropper(const ReplyDropper&) = delete;
    ReplyDropper& operator=(const ReplyDropper&) = delete;

    /// "redis://127.0.0.1:PORT"
    std::string url() const;
    /// Drops the answers to the next `count` requests whose bytes contain `marker`,
    /// one request at a time: "_acquire\r\n", say, ends the name FCALL is given
    /// (and is not in the library's source that FUNCTION LOAD sends).
    void dropAnswersTo(std::string marker, int count = 1);
    /// Answers dropped so far.
    int dropped() const noexcept { return m_dropped.load(); }

private:
    void acceptLoop();
    void relay(int client);
    /// Whether a request in `bytes` is one whose answer is to be dropped (then counted off).
    bool takeDrop(const std::string& bytes);

    std::string m_socket;
    int m_listener = -1;
    int m_port = 0;
    std::atomic<bool> m_stopping{false};
    std::atomic<int> m_dropped{0};
    std::mutex m_mutex; // Guards the two below and m_threads.
    std::string m_marker;
    int m_toDrop = 0;
    std::vector<std::thread> m_threads;
    std::thread m_acceptor;
};

} // namespace treelock::test

workspace "Architecture pitfalls" "" {
    model {
        system = softwareSystem "Architecture pitfalls" {
            n_edge = container "edge" "edge" "Application Load Balancer" "load-balancer,aws"
            n_db = container "db" "db" "Amazon RDS for PostgreSQL" "relational-database,aws,Datastore"
            n_api = container "api" "api" "Amazon API Gateway (REST API)" "api-gateway,aws"
            n_report = container "report" "report" "AWS Lambda" "function,aws"
            n_sessions = container "sessions" "sessions" "Memcached" "cache,Datastore"
            n_files = container "files" "files" "Cloud Storage" "object-storage,gcp,Datastore"
        }
        n_edge -> n_db "" "" "data"
        n_api -> n_report "" "" "request"
        n_report -> n_db "" "" "data"
        n_report -> n_sessions "" "" "data"
        n_report -> n_files "" "" "data"
        deploymentEnvironment "Design" {
            deploymentNode "Outside any boundary" {
                containerInstance n_edge
                containerInstance n_db
                containerInstance n_api
                containerInstance n_report
                containerInstance n_sessions
                containerInstance n_files
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
